import type { Request as ScriptRequest, Response as ScriptResponse } from 'miniflare';

/** What a sandboxed call sends: a request to the script's fetch handler. */
export interface SandboxRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface SandboxLimits {
  /** Time an invocation may take, from dispatch to the end of its answer and of its `ctx.waitUntil` work: past it the sandbox process is ended. */
  timeMs: number;
  /** Resident memory the sandbox process may hold at any time: past it the process is ended. */
  memoryBytes: number;
  /** Sandbox processes kept at once (one per integration version); the least recently used goes first. */
  maxSandboxes: number;
  /** Bytes of a script's answer: past it the call fails with TOO_LARGE and the process is ended. */
  maxResponseBytes: number;
  /** CPU a sandbox process may use per 10 s while none of its invocations runs (work its script left behind): past it the process is ended. */
  idleCpuMs: number;
  /** The platform's own ports (gateway, apis, metrics, PostgreSQL, RabbitMQ): refused to scripts' fetches with every sandbox's own sockets. */
  platformPorts: readonly number[];
}

/** The script's own outbound fetches, handed to the guarded client (libs/outbound) with the ports it must refuse. */
export type OutboundFetch = (request: ScriptRequest, refusedPorts: ReadonlySet<number>) => Promise<ScriptResponse>;

export type SandboxFailure = 'TIMEOUT' | 'MEMORY' | 'SCRIPT' | 'START' | 'TOO_LARGE';

/** A call that could not complete: its script threw at load, looped, grew too large, answered too much or its process died. */
export class SandboxError extends Error {
  constructor(
    readonly reason: SandboxFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}
