/**
 * What staff may ask of an applicant's stage (the server's rules, agency_core/pipeline/stages.py):
 * enter at Selected by employer; forward to any later stage (a move); back to an earlier one only
 * as a correction with a reason; Closed from any stage with a reason from the fixed list ("other"
 * with a text); after Closed only a correction.
 */
import type { CloseReason, MoveRequest, Pipeline, StageKey } from './api/pipeline';

export type MoveKind = 'move' | 'correction' | 'close';

export interface MoveChoice {
  to: StageKey;
  label: string;
  kind: MoveKind;
}

export interface MoveValues {
  to: string;
  reason: string;
  closeReason: string;
  closeText: string;
}

export const EMPTY_MOVE: MoveValues = { to: '', reason: '', closeReason: '', closeText: '' };

/** The server's messages, so staff read the same words whichever side stops the move. */
export const CHOOSE_STAGE = 'Choose a stage of the pipeline';
export const REASON_REQUIRED = 'Going back is a correction: give its reason';
export const CLOSE_REASON_REQUIRED = 'Choose why the application is closed';
export const CLOSE_TEXT_REQUIRED = 'Say why the application is closed';
export const MAX_TEXT = 500;

const CLOSED: StageKey = 'closed';

/** The stages `pipeline` may go to from where it is, each with the kind of move it would be. */
export function moveChoices(pipeline: Pipeline): MoveChoice[] {
  const stages = pipeline.stages.map((s) => ({ to: s.key as StageKey, label: s.label }));
  const current = pipeline.stage;
  if (current === null) {
    return pipeline.canEnter
      ? stages.filter((s) => s.to === 'selected').map((s) => ({ ...s, kind: 'move' }))
      : [];
  }
  if (current === CLOSED) {
    return stages.filter((s) => s.to !== CLOSED).map((s) => ({ ...s, kind: 'correction' }));
  }
  const at = stages.findIndex((s) => s.to === current);
  return stages
    .map((s, index): MoveChoice => {
      if (s.to === CLOSED) return { ...s, kind: 'close' };
      return { ...s, kind: index > at ? 'move' : 'correction' };
    })
    .filter((s) => s.to !== current);
}

export function choiceOf(choices: readonly MoveChoice[], to: string): MoveChoice | undefined {
  return choices.find((choice) => choice.to === to);
}

/** The form's messages before anything is sent (the server checks the same again). */
export function checkMove(values: MoveValues, choice: MoveChoice | undefined): Partial<MoveValues> {
  if (!choice) return { to: CHOOSE_STAGE };
  const errors: Partial<MoveValues> = {};
  if (choice.kind === 'correction' && !values.reason.trim()) errors.reason = REASON_REQUIRED;
  if (choice.kind === 'close' && !values.closeReason) errors.closeReason = CLOSE_REASON_REQUIRED;
  if (choice.kind === 'close' && values.closeReason === 'other' && !values.closeText.trim()) {
    errors.closeText = CLOSE_TEXT_REQUIRED;
  }
  return errors;
}

/** The request for `choice`, made on the version the page shows (a stale one is answered 409). */
export function moveRequest(values: MoveValues, choice: MoveChoice, version: number): MoveRequest {
  const request: MoveRequest = { to: choice.to, expectedVersion: version };
  if (choice.kind === 'correction') request.reason = values.reason.trim();
  if (choice.kind === 'close') {
    request.closeReason = values.closeReason as CloseReason;
    if (values.closeReason === 'other') request.closeText = values.closeText.trim();
  }
  return request;
}

/** What the confirmation says of a move: who is told, and whether it can be undone. */
export function confirmMove(choice: MoveChoice, closeReasonLabel: string) {
  if (choice.kind === 'correction') {
    return {
      title: `Correct the stage to ${choice.label}?`,
      description:
        'The history keeps this correction with its reason and who made it. The applicant is not told.',
      confirmLabel: 'Correct',
    };
  }
  if (choice.kind === 'close') {
    return {
      title: 'Close this applicant’s pipeline?',
      description: `Closed: ${closeReasonLabel}. The applicant is told by SMS and e-mail (not the reason). Only a correction reopens it.`,
      confirmLabel: 'Close',
      danger: true,
    };
  }
  return {
    title: `Move to ${choice.label}?`,
    description: 'The applicant is told of the new stage by SMS and e-mail.',
    confirmLabel: 'Move',
  };
}
