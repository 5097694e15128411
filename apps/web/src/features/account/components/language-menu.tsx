import { lazy, Suspense, useState } from 'react';
import { LanguageButton } from './language-button.tsx';

const loadDropdown = () => import('./language-menu-dropdown.tsx');
const LanguageMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.LanguageMenuDropdown })));

/**
 * The language switcher. Until it is first used only its button is on the page: the menu (and the
 * popover code under it) loads on hover, focus or click, which keeps it out of the sign-in bundle.
 */
export function LanguageMenu() {
  const [opened, setOpened] = useState(false);
  if (opened) {
    return (
      <Suspense fallback={<LanguageButton loading />}>
        <LanguageMenuDropdown defaultOpened />
      </Suspense>
    );
  }
  return (
    <LanguageButton
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setOpened(true)}
    />
  );
}
