/** The admin CLI as a library: its variables (the README's configuration table) and a run on given arguments (tests). */
export { adminConfig } from './config';
export { buildProgram, runAdmin } from './program';
