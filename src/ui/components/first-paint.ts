import { createContext, useContext } from 'react';

// True while the Node server renders a page's first paint (src/first-paint.tsx): no layout to
// measure there, so a part that measures itself draws at a size the stylesheet scales instead.
const FirstPaintContext = createContext(false);

export const FirstPaintProvider = FirstPaintContext.Provider;

export function useFirstPaint(): boolean {
  return useContext(FirstPaintContext);
}
