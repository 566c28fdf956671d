import { constants } from '@/config/rules';

export const POPUP_FLAG = constants.newsletterPopupFlag;

export function popupAlreadyShown(): boolean {
  try {
    return window.localStorage.getItem(POPUP_FLAG) !== null;
  } catch {
    return false;
  }
}

export function markPopupShown(): void {
  try {
    window.localStorage.setItem(POPUP_FLAG, 'true');
  } catch {
    // Storage can be unavailable (private mode); the pop-up then simply shows again next visit.
  }
}
