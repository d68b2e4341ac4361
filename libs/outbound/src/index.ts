export { fetchOutbound, type OutboundOptions, type OutboundResponse } from './fetch';
export { OutboundError, type OutboundErrorCode } from './errors';
export { blockedReason, checkAddress, fetchableUrlProblem, isAllowed, parseAllowList, parseCidr4, portRefusal, type AllowList } from './address';
