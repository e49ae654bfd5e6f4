import {
  cloneElement,
  Suspense,
  useState,
  type FocusEventHandler,
  type MouseEventHandler,
  type PointerEventHandler,
  type ReactElement,
  type ReactNode,
} from 'react';

type TriggerProps = {
  onClick?: MouseEventHandler;
  onPointerEnter?: PointerEventHandler;
  onFocus?: FocusEventHandler;
};

/**
 * A dropdown whose menu code (Radix's menu and its positioning, ~37 KB gzip) loads on the first press
 * of its trigger, then opens at once (the menu renders with `defaultOpen`): first screens stay within
 * their JavaScript budget (ADR 0007). Until then the trigger is the same button with an onClick that
 * loads the menu; hovering or focusing it starts the download early. `menu` renders the lazy menu
 * around the trigger it is given (components/ui/dropdown-menu.tsx inside).
 */
export function LazyDropdown({
  trigger,
  load,
  menu,
}: {
  trigger: ReactElement<TriggerProps>;
  load: () => Promise<unknown>;
  menu: (trigger: ReactElement<TriggerProps>) => ReactNode;
}) {
  const [armed, setArmed] = useState(false);
  const warm = () => void load();
  const plain = cloneElement(trigger, {
    onPointerEnter: warm,
    onFocus: warm,
    onClick: armed ? undefined : () => setArmed(true),
  });
  return armed ? <Suspense fallback={plain}>{menu(plain)}</Suspense> : plain;
}
