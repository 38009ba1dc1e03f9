import { describe, expect, test } from 'vitest';
import { appBaseOf, isOtherAppBase, loginRedirectFor, safeReturnUrl, withAppBase } from './paths';

const ORIGIN = 'https://drive.example.com';
const at = (path: string) => {
  const url = new URL(path, ORIGIN);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('safeReturnUrl: where login goes next', () => {
  test.each([
    ['/pcview/drive/group/3?x=1', '/pcview/drive/group/3?x=1'],
    [`${ORIGIN}/pcview/message#m`, '/pcview/message#m'],
    ['https://evil.example.net/pcview/drive', '/'],
    ['//evil.example.net/x', '/'],
    ['/\\evil.example.net/x', '/'],
    ['/\t/evil.example.net/x', '/'],
    // A path of this site that a browser, sent there, would read as another host.
    ['/.//evil.example.net/phish', '/evil.example.net/phish'],
    [`${ORIGIN}//evil.example.net/`, '/evil.example.net/'],
    ['javascript:alert(1)', '/'],
    ['/cts?cb=/pcview/drive', '/'],
    ['', '/'],
  ])('cb %s -> %s', (cb, expected) => {
    expect(safeReturnUrl(cb, ORIGIN)).toBe(expected);
  });

  test('no cb goes to the root address, which the server answers with the drive', () => {
    expect(safeReturnUrl(null, ORIGIN)).toBe('/');
  });
});

describe('loginRedirectFor: where a logged-out user is sent (spec 001 §2, 002 §4)', () => {
  test.each([
    ['/', '/landing'],
    ['/pcview/drive?x=1', '/cts?cb=%2Fpcview%2Fdrive%3Fx%3D1'],
    ['/pcview/contacts', '/cts?cb=%2Fpcview%2Fcontacts'],
    ['/pcview/embed/profile', null],
    ['/view/embed/profile', null],
    ['/mservice/a', null],
    ['/notes/1', null],
    ['/service/b', null],
    ['/cts', null],
    ['/landing', null],
  ])('%s -> %s', (path, expected) => {
    expect(loginRedirectFor(at(path))).toBe(expected);
  });
});

test('the app base is /view for the private web-office deployment, else /pcview', () => {
  expect(appBaseOf('/view/p/3')).toBe('/view');
  expect(appBaseOf('/pcview/drive')).toBe('/pcview');
  expect(appBaseOf('/viewer')).toBe('/pcview');
});

test.each([
  ['/view/drive/recycle/my', '/pcview', '/pcview/drive/recycle/my'],
  ['/pcview/drive/folder/7', '/view', '/view/drive/folder/7'],
  ['/pcview', '/view', '/view'],
  ['/pcview/drive', '/pcview', '/pcview/drive'],
  ['/viewer/x', '/pcview', '/viewer/x'],
] as const)('%s under the base %s is %s', (path, base, expected) => {
  expect(withAppBase(path, base)).toBe(expected);
});

test('a page under the base this page was not loaded under is outside its router', () => {
  // The tests run at http://localhost:3000/, under /pcview.
  expect(isOtherAppBase('/view/drive/recycle/my')).toBe(true);
  expect(isOtherAppBase('/pcview/drive/recycle/my')).toBe(false);
  expect(isOtherAppBase('/l/abc')).toBe(false);
});
