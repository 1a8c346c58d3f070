// Every component file's hooks. The files of a worker share their modules, so hooks at the top of
// support.tsx would be registered by the first file that imports it, and by no other.
import { afterEach, beforeAll } from 'vitest';
import { endApp, preloadApp } from './support';

beforeAll(preloadApp);
afterEach(endApp);

// jsdom has no scrolling; the app scrolls to the top on every navigation.
window.scrollTo = () => undefined;
