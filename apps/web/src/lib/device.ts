import { useSyncExternalStore } from 'react';

/** Below this width a touch screen counts as a phone (Mantine's `sm` breakpoint). */
export const NARROW_VIEWPORT_PX = 768;

const PHONE_USER_AGENT = /Android.+Mobile|iPhone|iPod|Windows Phone|IEMobile|BlackBerry|Opera Mini|Mobi/i;

export interface DeviceSignals {
  userAgent: string;
  viewportWidth: number;
  touch: boolean;
}

/** Spec §2: a phone user agent, or a narrow touch viewport, is a mobile device. */
export function isMobileDevice({ userAgent, viewportWidth, touch }: DeviceSignals): boolean {
  return PHONE_USER_AGENT.test(userAgent) || (touch && viewportWidth < NARROW_VIEWPORT_PX);
}

function readSignals(): DeviceSignals {
  return {
    userAgent: navigator.userAgent,
    viewportWidth: window.innerWidth,
    touch: navigator.maxTouchPoints > 0 || window.matchMedia?.('(pointer: coarse)').matches === true,
  };
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

const getIsMobile = () => isMobileDevice(readSignals());

/** Whether this device is a phone; follows rotations and resizes. */
export function useIsMobileDevice(): boolean {
  return useSyncExternalStore(subscribe, getIsMobile, () => false);
}
