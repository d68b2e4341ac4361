export { presentUser, type UserLike } from '@dp/presenters';
