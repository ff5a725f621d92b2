import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../../lib/i18n';
import { isNothingToUndo, undoSummary, type UndoCounts } from './undo-summary';

const counts = (values: Partial<UndoCounts>): UndoCounts => ({
  changed: 0,
  recreated: 0,
  removed: 0,
  labels: 0,
  ...values,
});
const summary = (values: Partial<UndoCounts>) => undoSummary(counts(values), i18n.t);

describe('what "Undo changes" will do, in words', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says every count that is not zero, naming contacts once, with English numbers', async () => {
    await i18n.changeLanguage('en');
    expect(summary({ changed: 12, recreated: 3, removed: 1000, labels: 2 })).toBe(
      '12 contacts will change, 3 will be recreated, 1,000 will be removed and 2 labels will be put back.',
    );
    expect(summary({ removed: 1 })).toBe('1 contact will be removed.');
    expect(summary({ recreated: 1, removed: 2 })).toBe(
      '1 contact will be recreated and 2 will be removed.',
    );
    expect(summary({ changed: 1, labels: 1 })).toBe(
      '1 contact will change and 1 label will be put back.',
    );
  });

  it('says nothing changed when every count is zero, and only then', () => {
    expect(isNothingToUndo(counts({}))).toBe(true);
    expect(summary({})).toBe('Nothing changed since then.');
    expect(isNothingToUndo(counts({ labels: 1 }))).toBe(false);
  });

  it('speaks Spanish with Spanish numbers', async () => {
    await i18n.changeLanguage('es');
    expect(summary({ changed: 12, recreated: 1, removed: 12000, labels: 2 })).toBe(
      '12 contactos cambiarán, 1 se volverá a crear, 12.000 se eliminarán y 2 etiquetas volverán a estar como estaban.',
    );
    expect(summary({ removed: 1 })).toBe('1 contacto se eliminará.');
    expect(summary({})).toBe('Nada ha cambiado desde entonces.');
  });
});
