import { describe, expect, it } from 'vitest';
import { parseCookies, readCookie } from '../../../src/domain/cookies';

describe('readCookie', () => {
  it.each([
    ['the only cookie', 'XSRF-TOKEN=abc', 'XSRF-TOKEN', 'abc'],
    ['among others, spaces around pairs', ' a=1 ;  XSRF-TOKEN=abc ;b=2', 'XSRF-TOKEN', 'abc'],
    [
      'a name that is a prefix of another',
      'XSRF-TOKEN-OLD=old; XSRF-TOKEN=new',
      'XSRF-TOKEN',
      'new',
    ],
    ['a name that ends another', 'MY-XSRF-TOKEN=theirs; XSRF-TOKEN=ours', 'XSRF-TOKEN', 'ours'],
    ["'=' inside the value", 'token=a=b==', 'token', 'a=b=='],
    ['URL-decoded', 'XSRF-TOKEN=eyJpdiI6%2B%2F%3D%3D', 'XSRF-TOKEN', 'eyJpdiI6+/=='],
    ["'+' kept as it is", 'token=a+b', 'token', 'a+b'],
    ['an empty value', 'token=; other=1', 'token', ''],
    [
      'the first of a repeated name',
      'selected_period=Year; selected_period=Day',
      'selected_period',
      'Year',
    ],
  ])('reads %s', (_case, header, name, expected) => {
    expect(readCookie(header, name)).toBe(expected);
  });

  it.each([
    ['an empty header', '', 'token'],
    ['a missing name', 'a=1; b=2', 'token'],
    ['only a longer name', 'token2=x', 'token'],
    ['only a shorter name', 'tok=x', 'token'],
    ['a pair without =', 'token; a=1', 'token'],
    ['bad percent-encoding', 'token=%E0%A4%A', 'token'],
    ['a name only matched in a value', 'a=token=1', 'token'],
    ['a name of Object.prototype', 'a=1', 'constructor'],
  ])('finds nothing in %s', (_case, header, name) => {
    expect(readCookie(header, name)).toBeUndefined();
  });

  it('is case-sensitive, as cookie names are', () => {
    expect(readCookie('Token=1', 'token')).toBeUndefined();
  });
});

describe('parseCookies', () => {
  it('decodes every readable cookie and skips the rest', () => {
    expect(parseCookies('a=1; bad=%zz; b=x%20y; =nameless; c')).toEqual({ a: '1', b: 'x y' });
  });

  it('treats __proto__ as a plain cookie name', () => {
    const cookies = parseCookies('__proto__=x; a=1');
    expect(Object.getPrototypeOf(cookies)).toBe(Object.prototype);
    expect(Object.keys(cookies)).toEqual(['__proto__', 'a']);
    expect(readCookie('__proto__=x', '__proto__')).toBe('x');
  });
});
