/**
 * What an integration must answer a render with, the official ContentKitRenderOutput: an element (the
 * block to show, with its state and props) or `complete`. Only the envelope is checked here; the element
 * tree is the integration's. Pure, unit-tested. Returns what is wrong, or undefined.
 */
export function renderOutputProblem(output: unknown): string | undefined {
  if (!isObject(output)) return 'something that is not a ContentKit render output (a JSON object)';
  if (output.type === 'complete') return undefined;
  if (output.type !== undefined && output.type !== 'element') return `a render output of unknown type ${JSON.stringify(output.type)}`;
  if (!isObject(output.element)) return 'a render output without its element';
  if (!isObject(output.state) || !isObject(output.props)) return 'a render output without its state and props';
  return undefined;
}

export const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
