import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// These tests run beside the API suites on two cores; the first render of a file compiles its
// modules, which can take longer than Testing Library's one-second default.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Mantine components use.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => {};
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// Mantine's autosizing Textarea listens for web-font loads, which jsdom does not model.
Object.defineProperty(document, 'fonts', {
  value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
});
// Mantine's Combobox scrolls the selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView = () => {};
