import { useSearchParams } from 'react-router';

/** A search of orders by number (or its start), company and state; empty text means "any". */
export interface OrderSearch<S extends string> {
  orderNo: string;
  company: string;
  state: S | '';
  page: number;
  pageSize: number;
}

/** As long as the console's order searches take them (ZConsoleOrderListRequest, ZConsolePayOrdersRequest). */
export const ORDER_NO_MAX = 32;
export const COMPANY_MAX = 100;

const positiveInt = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * The order search a page shows, kept in the URL so a search can be shared: what it reads from there,
 * and `searchFor`, which puts a new search (and page) there, leaving out what is empty or the default.
 */
export function useOrderSearch<S extends string>(states: readonly S[], defaultPageSize: number) {
  const [params, setParams] = useSearchParams();
  const state = params.get('state') ?? '';
  const search: OrderSearch<S> = {
    orderNo: params.get('orderNo') ?? '',
    company: params.get('company') ?? '',
    state: (states as readonly string[]).includes(state) ? (state as S) : '',
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('pageSize'), defaultPageSize),
  };

  const searchFor = (
    values: Pick<OrderSearch<S>, 'orderNo' | 'company' | 'state'>,
    page = 1,
    pageSize = search.pageSize,
  ) => {
    const next = new URLSearchParams();
    if (values.orderNo.trim()) next.set('orderNo', values.orderNo.trim());
    if (values.company.trim()) next.set('company', values.company.trim());
    if (values.state) next.set('state', values.state);
    if (page > 1) next.set('page', String(page));
    if (pageSize !== defaultPageSize) next.set('pageSize', String(pageSize));
    setParams(next);
  };

  /** Changes with every search, so a form keyed by it starts again from the URL. */
  const formKey = params.toString();
  return { search, searchFor, formKey };
}

/** The fields a search sends: the page, and only the filters given. */
export function orderSearchFields<S extends string>(search: OrderSearch<S>) {
  return {
    page: search.page,
    pageSize: search.pageSize,
    ...(search.orderNo ? { orderNo: search.orderNo } : {}),
    ...(search.company ? { company: search.company } : {}),
    ...(search.state ? { state: search.state } : {}),
  };
}
