import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import { registerPipelineCv } from './jobs.pipeline-cv.js';
import { registerPipelineMoves } from './jobs.pipeline-moves.js';
import { registerPipelineBoard, registerPipelineHistory } from './jobs.pipeline-reads.js';

/**
 * A job's pipeline: its candidates, their stages and history, and the CV sent to the customer.
 * Registered in this order so that the API's document lists the routes as it always has.
 */
export function registerJobRoutes(app: Api, s: Services) {
  registerPipelineBoard(app, s);
  registerPipelineMoves(app, s);
  registerPipelineHistory(app, s);
  registerPipelineCv(app, s);
}
