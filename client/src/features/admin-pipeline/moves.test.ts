import { describe, expect, it } from 'vitest';
import type { Pipeline, StageKey } from './api/pipeline';
import { REASON_REQUIRED, checkMove, moveChoices, moveRequest } from './moves';

const KEYS: StageKey[] = ['selected', 'contract_signed', 'medical', 'visa', 'departed', 'closed'];

function at(stage: StageKey | null, canEnter = false): Pipeline {
  return {
    applicationId: 'VA1',
    stage,
    stageLabel: stage,
    version: stage ? 2 : 0,
    canEnter,
    history: [],
    stages: KEYS.map((key) => ({ key, label: key })),
    closeReasons: [],
  };
}

const kinds = (pipeline: Pipeline) => moveChoices(pipeline).map((c) => `${c.to}:${c.kind}`);

describe('moveChoices', () => {
  it('lets an approved application only enter, at Selected by employer, and one not approved nowhere', () => {
    expect(kinds(at(null, true))).toEqual(['selected:move']);
    expect(kinds(at(null, false))).toEqual([]);
  });

  it('gives later stages as moves, earlier ones as corrections and Closed as a close', () => {
    expect(kinds(at('medical'))).toEqual([
      'selected:correction',
      'contract_signed:correction',
      'visa:move',
      'departed:move',
      'closed:close',
    ]);
  });

  it('leaves only corrections after Closed', () => {
    expect(kinds(at('closed'))).toEqual(KEYS.filter((k) => k !== 'closed').map((k) => `${k}:correction`));
  });
});

describe('checkMove and moveRequest', () => {
  const [correction] = moveChoices(at('medical'));
  it('asks a correction for its reason and sends it trimmed', () => {
    const values = { to: 'selected', reason: '  ', closeReason: '', closeText: '' };
    expect(checkMove(values, correction)).toEqual({ reason: REASON_REQUIRED });
    expect(moveRequest({ ...values, reason: ' Wrong one ' }, correction!, 2)).toEqual({
      to: 'selected',
      expectedVersion: 2,
      reason: 'Wrong one',
    });
  });
});
