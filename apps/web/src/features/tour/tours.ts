import type { Placement } from 'react-joyride';

/** Spec §3 "Tour": a step points at an anchor (`data-tour-anchor`) and carries i18n keys. */
export interface TourStep {
  stepId: string;
  anchorId: string;
  title: string;
  content: string;
  buttons: { next: string; previous: string; done: string; skip: string };
  placement: Placement | 'center';
  /** Left out when the tour is run again on purpose (it only makes sense the first time). */
  bypassOnRestart?: boolean;
}

export interface Tour {
  tourId: string;
  steps: TourStep[];
}

const BUTTONS = {
  next: 'TOUR.BUTTONS.NEXT',
  previous: 'TOUR.BUTTONS.PREVIOUS',
  done: 'TOUR.BUTTONS.DONE',
  skip: 'TOUR.BUTTONS.SKIP',
};

/** The main layout's tour, offered to a first-time user. */
export const MAIN_LAYOUT_TOUR: Tour = {
  tourId: 'main-layout',
  steps: [
    {
      stepId: 'welcome',
      anchorId: 'main-content',
      title: 'TOUR.MAIN.WELCOME.TITLE',
      content: 'TOUR.MAIN.WELCOME.CONTENT',
      buttons: BUTTONS,
      placement: 'center',
      bypassOnRestart: true,
    },
    {
      stepId: 'organization',
      anchorId: 'organization-switcher',
      title: 'TOUR.MAIN.ORGANIZATION.TITLE',
      content: 'TOUR.MAIN.ORGANIZATION.CONTENT',
      buttons: BUTTONS,
      placement: 'bottom-start',
    },
    {
      stepId: 'menu',
      anchorId: 'main-navigation',
      title: 'TOUR.MAIN.MENU.TITLE',
      content: 'TOUR.MAIN.MENU.CONTENT',
      buttons: BUTTONS,
      placement: 'right-start',
    },
    {
      stepId: 'language',
      anchorId: 'language-menu',
      title: 'TOUR.MAIN.LANGUAGE.TITLE',
      content: 'TOUR.MAIN.LANGUAGE.CONTENT',
      buttons: BUTTONS,
      placement: 'bottom-end',
    },
    {
      stepId: 'user',
      anchorId: 'user-menu',
      title: 'TOUR.MAIN.USER.TITLE',
      content: 'TOUR.MAIN.USER.CONTENT',
      buttons: BUTTONS,
      placement: 'bottom-end',
    },
  ],
};

/** The steps to play: all of them the first time, without the bypassed ones on a restart. */
export function stepsToPlay(tour: Tour, restart: boolean): TourStep[] {
  return restart ? tour.steps.filter((step) => !step.bypassOnRestart) : tour.steps;
}

export function anchorSelector(anchorId: string): string {
  return `[data-tour-anchor="${anchorId}"]`;
}
