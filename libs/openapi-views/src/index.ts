export { blockViewsOf, openapiOperations, type OpenapiOperations } from './client';
