import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useIsMobileDevice } from '../../lib/device.ts';
import { useCompleteTour, useTourCompleted } from './tour-completion.ts';
import { MAIN_LAYOUT_TOUR, type Tour } from './tours.ts';

const TourRunner = lazy(() => import('./tour-runner.tsx'));

/** Whether a modal dialog (not the tour's own tooltip) is on screen. */
function modalOpen(): boolean {
  return [...document.querySelectorAll('[role="dialog"], [aria-modal="true"]')].some(
    (element) => !element.closest('#react-joyride-portal, [data-tour-tooltip]'),
  );
}

function useModalOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const update = () => setOpen(modalOpen());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return open;
}

/**
 * Offers a tour until it is completed (spec §3, §4): the main layout's one to a first-time user.
 * Never on a phone; paused while a modal is open. The tour library loads only when a tour is due.
 */
export function TourLauncher({ tour = MAIN_LAYOUT_TOUR }: { tour?: Tour }) {
  const mobile = useIsMobileDevice();
  const completed = useTourCompleted(tour.tourId);
  const complete = useCompleteTour();
  const modal = useModalOpen();
  const [finished, setFinished] = useState(false);
  const finish = useCallback(() => {
    setFinished(true);
    complete.mutate(tour.tourId);
  }, [complete.mutate, tour.tourId]);

  if (mobile || finished || completed !== false) return null;
  return (
    <Suspense fallback={null}>
      <TourRunner tour={tour} paused={modal} onFinish={finish} />
    </Suspense>
  );
}
