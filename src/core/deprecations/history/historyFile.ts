/**
 * A history written by `history --format json`, read back for a report: checked whole, so a file
 * that is truncated, from another tool or from another version is refused with a clear message
 * rather than drawn wrong.
 */
import { z } from 'zod';
import { HISTORY_TOOL, type HistoryReport } from './historyReport';

/** A history file larger than this is not read (96 weekly points of thousands of owners fit). */
export const MAX_HISTORY_BYTES = 64 * 1024 * 1024;

const tally = z.array(z.object({ name: z.string(), calls: z.number().int().nonnegative() }));
const forecast = z
  .object({
    verdict: z.enum([
      'done',
      'on track',
      'late',
      'no progress',
      'not enough history',
      'no history',
    ]),
    summary: z.string(),
    method: z.string(),
    points: z.number().int().nonnegative(),
    perMonth: z.number().optional(),
    zeroDate: z.string().optional(),
    zeroRange: z.tuple([z.string(), z.string()]).optional(),
    monthsLate: z.number().optional(),
    step: z.object({ date: z.string(), change: z.number() }).optional(),
  })
  .strict();
const historySchema = z.object({
  tool: z.literal(HISTORY_TOOL),
  version: z.string(),
  operation: z.literal('GET /pets/{petId}'),
  removalDate: z.string(),
  every: z.enum(['week', 'month']),
  points: z.array(
    z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      commit: z.string().regex(/^[0-9a-f]{40,64}$/),
      total: z.number().int().nonnegative(),
      groupedBy: z.enum(['owner', 'folder']),
      owners: tally,
      languages: tally,
    }),
  ),
  forecast: z.object({
    total: forecast,
    groups: z.array(z.object({ name: z.string(), forecast })),
  }),
  notes: z.array(z.string()),
  // Older files have none: no calls were counted outside the history then.
  untracked: z
    .object({
      calls: z.number().int().nonnegative(),
      files: z.number().int().nonnegative(),
      examples: z.array(z.object({ path: z.string(), calls: z.number().int().nonnegative() })),
    })
    .optional(),
});

export function parseHistoryFile(
  text: string,
  toolVersion: string,
): { history: HistoryReport } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: 'it is not JSON (truncated?)' };
  }
  const tool = (data as { tool?: unknown } | null)?.tool;
  if (tool !== HISTORY_TOOL)
    return {
      problem: `it is not a history written by "petstore-deprecations history --format json"${typeof tool === 'string' ? ` (its tool is "${tool.slice(0, 80)}")` : ''}`,
    };
  const parsed = historySchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { problem: `${issue.path.join('.') || 'the file'}: ${issue.message}` };
  }
  if (parsed.data.version !== toolVersion)
    return {
      problem: `it was written by version ${parsed.data.version.slice(0, 40)}, this is ${toolVersion}: write it again with this version`,
    };
  return { history: parsed.data };
}
