import type { ScrollAreaProps } from '@mantine/core';

/** A table wider than the screen scrolls sideways: its viewport takes focus so the keyboard can scroll it. */
export const KEYBOARD_SCROLL: ScrollAreaProps = { viewportProps: { tabIndex: 0 } };
