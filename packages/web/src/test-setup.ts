/**
 * Vitest setup for the web project (jsdom): what antd expects of a browser that jsdom lacks,
 * English texts, and unmounting after each test (Testing Library's auto-cleanup needs globals).
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from './i18n';

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

initI18n('en');

afterEach(() => {
  cleanup();
});
