import { describe, expect, it } from 'vitest';
import { QueryError, queryRequestFromSearch, runQuery } from './query';

describe('queryRequestFromSearch', () => {
  it('reads $ parameters as JSON and returnQuery', () => {
    const search = new URLSearchParams({
      query: '*[slug == $slug]',
      $slug: '"a"',
      $n: '3',
      returnQuery: 'false',
    });
    expect(queryRequestFromSearch(search)).toEqual({
      query: '*[slug == $slug]',
      params: { slug: 'a', n: 3 },
      returnQuery: false,
    });
  });

  it('refuses a missing query and a parameter that is not JSON', () => {
    expect(() => queryRequestFromSearch(new URLSearchParams())).toThrow(QueryError);
    expect(() => queryRequestFromSearch(new URLSearchParams({ query: '*', $a: 'b' }))).toThrow(QueryError);
  });
});

describe('runQuery', () => {
  const dataset = [
    { _id: 'a', _type: 'faq', order: 2 },
    { _id: 'b', _type: 'faq', order: 1 },
  ];

  it('evaluates GROQ with parameters', async () => {
    const answer = await runQuery(dataset, {
      query: '*[_type == $type] | order(order asc)._id',
      params: { type: 'faq' },
      returnQuery: true,
    });
    expect(answer.result).toEqual(['b', 'a']);
    expect(answer.query).toBe('*[_type == $type] | order(order asc)._id');
  });

  it('reports a parse error as a QueryError', async () => {
    await expect(runQuery(dataset, { query: '*[', params: {}, returnQuery: true })).rejects.toThrow(
      QueryError,
    );
  });
});
