import { useSearchParams } from 'react-router';

/**
 * Filters a page adds to the common order search, none unless it does: each one's name (its URL
 * parameter and the field it sends) and the values the page offers for it.
 */
export type OrderFilterChoices = Record<string, readonly string[]>;
type NoFilters = Record<never, never>;

/** A page's own filters as chosen: each one's value, or '' for "any". */
export type OrderFilters<F extends OrderFilterChoices> = { [K in keyof F]: F[K][number] | '' };

/** A search of orders by number (or its start), company and state; empty text means "any". */
export interface OrderSearch<S extends string, F extends OrderFilterChoices = NoFilters> {
  orderNo: string;
  company: string;
  state: S | '';
  /** The page's own filters (see useOrderSearch), kept in the URL after the common ones. */
  filters: OrderFilters<F>;
  page: number;
  pageSize: number;
}

/** What a search form gives: the common filters and, on a page that has them, its own. */
export type OrderSearchValues<S extends string, F extends OrderFilterChoices = NoFilters> = Pick<
  OrderSearch<S, F>,
  'orderNo' | 'company' | 'state'
> & { filters?: Partial<OrderFilters<F>> };

/** As long as the console's order searches take them (ZConsoleOrderListRequest, ZConsolePayOrdersRequest). */
export const ORDER_NO_MAX = 32;
export const COMPANY_MAX = 100;

const positiveInt = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

const chosen = (choices: readonly string[], value: string | null | undefined) =>
  value && choices.includes(value) ? value : '';

/**
 * The order search a page shows, kept in the URL so a search can be shared: what it reads from there,
 * and `searchFor`, which puts a new search (and page) there, leaving out what is empty or the default.
 * `filterChoices` names the page's own filters beyond number, company and state (the payment orders'
 * refund and delivery); a value the page does not offer, in the URL or given, counts as "any".
 */
export function useOrderSearch<S extends string, F extends OrderFilterChoices = NoFilters>(
  states: readonly S[],
  defaultPageSize: number,
  filterChoices: F = {} as F,
) {
  const [params, setParams] = useSearchParams();
  const filterNames = Object.keys(filterChoices) as (keyof F & string)[];
  const readFilters = (value: (name: keyof F & string) => string | null | undefined) =>
    Object.fromEntries(
      filterNames.map((name) => [name, chosen(filterChoices[name] ?? [], value(name))]),
    ) as OrderFilters<F>;

  const search: OrderSearch<S, F> = {
    orderNo: params.get('orderNo') ?? '',
    company: params.get('company') ?? '',
    state: chosen(states, params.get('state')) as S | '',
    filters: readFilters((name) => params.get(name)),
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('pageSize'), defaultPageSize),
  };

  const searchFor = (values: OrderSearchValues<S, F>, page = 1, pageSize = search.pageSize) => {
    const next = new URLSearchParams();
    if (values.orderNo.trim()) next.set('orderNo', values.orderNo.trim());
    if (values.company.trim()) next.set('company', values.company.trim());
    if (values.state) next.set('state', values.state);
    const filters = readFilters((name) => values.filters?.[name]);
    for (const name of filterNames) if (filters[name]) next.set(name, filters[name]);
    if (page > 1) next.set('page', String(page));
    if (pageSize !== defaultPageSize) next.set('pageSize', String(pageSize));
    setParams(next);
  };

  /** Changes with every search, so a form keyed by it starts again from the URL. */
  const formKey = params.toString();
  return { search, searchFor, formKey };
}

type ChosenOnly<F extends OrderFilterChoices> = Partial<{ [K in keyof F]: F[K][number] }>;

/** The fields a search sends: the page, and only the filters given (a page's own ones too). */
export function orderSearchFields<S extends string, F extends OrderFilterChoices = NoFilters>(
  search: OrderSearch<S, F>,
): { page: number; pageSize: number; orderNo?: string; company?: string; state?: S } & ChosenOnly<F> {
  return {
    page: search.page,
    pageSize: search.pageSize,
    ...(search.orderNo ? { orderNo: search.orderNo } : {}),
    ...(search.company ? { company: search.company } : {}),
    ...(search.state ? { state: search.state } : {}),
    ...(Object.fromEntries(Object.entries(search.filters).filter(([, value]) => value)) as ChosenOnly<F>),
  };
}
