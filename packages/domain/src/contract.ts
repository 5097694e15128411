import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call: its method, path (`:name` parameters) and the zod schemas of what goes in and out. */
export interface ApiContract {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Success status; 200 unless stated. */
  status?: 200 | 201;
}

export function defineContract<const C extends ApiContract>(contract: C): C {
  return contract;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type ContractParams<C extends ApiContract> = Infer<C['params']>;
export type ContractQuery<C extends ApiContract> = Infer<C['query']>;
export type ContractBody<C extends ApiContract> = C['body'] extends z.ZodType
  ? z.input<C['body']>
  : undefined;
export type ContractResponse<C extends ApiContract> = z.infer<C['response']>;

/** Fills `:name` parameters of a contract path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
