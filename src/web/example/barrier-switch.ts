// The `toggle-barrier` switch: on, it replaces the code by a variant without its
// workgroupBarrier() calls; off, it brings back the code as it was before. The variant is
// a temporary view, so the widget does not save it as the reader's edit.
import { h } from '../dom.js';
import { removeBarriers } from './code-transforms.js';

export interface BarrierSwitch {
  element: HTMLElement;
  /** True while the barriers are removed. */
  active(): boolean;
  /** Turns the switch off without restoring anything (the caller replaces the code). */
  forget(): void;
}

export interface BarrierSwitchOptions {
  code(): string;
  setCode(code: string): void;
  /** Called after each flip with a line for the panel (null: nothing to say). */
  flipped(message: string | null): void;
}

export function createBarrierSwitch(o: BarrierSwitchOptions): BarrierSwitch {
  let before: string | undefined;
  const input = h('input', { type: 'checkbox', role: 'switch' });
  input.addEventListener('change', () => {
    if (input.checked) {
      before = o.code();
      const { code, removed } = removeBarriers(before);
      o.setCode(code);
      o.flipped(
        removed
          ? `Removed ${removed} workgroupBarrier() call(s). Run 10× to see whether results change; Check to see the race.`
          : 'There is no workgroupBarrier(); call to remove.',
      );
    } else if (before !== undefined) {
      o.setCode(before);
      before = undefined;
      o.flipped(null);
    }
  });
  return {
    element: h('label', { class: 'switch' }, input, ' Remove barriers'),
    active: () => before !== undefined,
    forget() {
      before = undefined;
      input.checked = false;
    },
  };
}
