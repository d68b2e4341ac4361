export { integrationBlocksClient, integrationViewsOf, type IntegrationBlocks } from './client';
