/** A git host that refused, failed, is out of reach or sent more than a sync may take; the message says which. */
export class GitHostError extends Error {}
