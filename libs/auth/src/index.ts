export * from '@dp/roles';
export * from './assertion';
export * from './middleware';
export * from './tokens';
export * from './memberships';
export * from './asker';
export * from './secret-box';
