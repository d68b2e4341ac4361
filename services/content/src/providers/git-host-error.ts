/** A git host that refused, failed, is out of reach or sent more than a sync may take; the message says which. */
export class GitHostError extends Error {
  /** The work ran past its deadline (a run that ends so is a `timeout`, not a `failure`). */
  readonly timedOut: boolean;
  constructor(message: string, options: { timedOut?: boolean } = {}) {
    super(message);
    this.timedOut = options.timedOut ?? false;
  }
}

/** The branch is not at the commit the caller last saw: someone pushed since; nothing was written. */
export class BranchMovedError extends GitHostError {
  constructor(branch: string, readonly head: string) {
    super(`branch ${branch} has commits (up to ${head.slice(0, 12)}) that the space has not imported yet: import them first, or export with force`);
  }
}
