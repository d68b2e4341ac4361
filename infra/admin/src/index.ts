/** The admin CLI as a library: its variables (docs/configuration.md's table) and a run on given arguments (tests). */
export { adminConfig } from './config';
export { buildProgram, runAdmin } from './program';
