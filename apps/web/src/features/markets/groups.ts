import {
  DEFAULT_GROUP_ID,
  type TMarketGroup,
  type TMarketPriceRow,
  type TSort,
  ZGroupCreateRequest,
  ZGroupUpdateRequest,
} from '@metal/shared';
import { fieldErrors } from '../../lib/validation';

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  const next = [...list];
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** A sort ticked in the picker goes to the end of the group; ticked again, it leaves. */
export function toggleSort(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

export function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** 'All categories' by metal, in the order the server lists them. */
export function groupByMetal<S extends Pick<TSort, 'metal'>>(sorts: readonly S[]) {
  const sections: { metal: TSort['metal']; sorts: S[] }[] = [];
  for (const sort of sorts) {
    const section = sections.find((s) => s.metal === sort.metal);
    if (section) section.sorts.push(sort);
    else sections.push({ metal: sort.metal, sorts: [sort] });
  }
  return sections;
}

/** The default 'my quotes' as a visitor (or a user who never edited it) gets it: not theirs to delete or order. */
export function isDefaultGroup(group: Pick<TMarketGroup, 'id'>): boolean {
  return group.id === DEFAULT_GROUP_ID;
}

/** A user's groups can be put in order only once every one of them is their own (saved) group. */
export function canOrderGroups(groups: readonly Pick<TMarketGroup, 'id'>[]): boolean {
  return groups.length > 1 && groups.every((g) => !isDefaultGroup(g));
}

/** Field → message key of what is wrong with a group name, checked by the shared schema and against the user's other groups. */
export function groupNameErrors(
  name: string,
  groups: readonly Pick<TMarketGroup, 'id' | 'name'>[],
  selfId?: number,
): Record<string, string> {
  const parsed = ZGroupCreateRequest.shape.name.safeParse(name);
  if (!parsed.success) return fieldErrors(parsed.error.issues.map((issue) => ({ ...issue, path: ['name'] })));
  if (groups.some((g) => g.id !== selfId && g.name === parsed.data)) return { name: 'markets.group.nameTaken' };
  return {};
}

/** The picker's input checked by the shared schema of the call it will make: field → message key. */
export function groupSaveErrors(input: { id?: number; name?: string; sortIds: number[] }): Record<string, string> {
  const parsed =
    input.id === undefined
      ? ZGroupCreateRequest.safeParse({ name: input.name ?? '', sortIds: input.sortIds })
      : ZGroupUpdateRequest.safeParse({ id: input.id, sortIds: input.sortIds });
  return parsed.success ? {} : fieldErrors(parsed.error.issues);
}

/**
 * The quotes board's rows (`market/board`: a market's rows together, markets in board order) as one
 * section per market, in the order the markets first appear; a market's rows keep their order even
 * if an answer ever interleaves markets.
 */
export function groupByMarket<R extends Pick<TMarketPriceRow, 'marketId' | 'marketName'>>(rows: readonly R[]) {
  const sections = new Map<number, { marketId: number; marketName: string; rows: R[] }>();
  for (const row of rows) {
    const section = sections.get(row.marketId);
    if (section) section.rows.push(row);
    else sections.set(row.marketId, { marketId: row.marketId, marketName: row.marketName, rows: [row] });
  }
  return [...sections.values()];
}
