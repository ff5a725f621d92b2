import { API_TOKEN_FEATURES, type ApiTokenFeature, type ApiTokenScope } from '@kith/validators';
import { i18n, i18nKey } from '../../lib/i18n';

/**
 * A token's scopes as the create dialog offers them: per feature, no access, read, or read and
 * write (docs/api-tokens.md#scopes; `:write` includes `:read`).
 */
export type FeatureAccess = 'none' | 'read' | 'write';

/** Each feature's access, keyed by feature. */
export type AccessByFeature = Record<ApiTokenFeature, FeatureAccess>;

/** The features in the order the dialog and the list show them, with their names (catalogue keys). */
export const FEATURE_NAMES: Record<ApiTokenFeature, string> = {
  contacts: i18nKey('Contacts'),
  labels: i18nKey('Labels'),
  imports: i18nKey('Imports and exports'),
  reminders: i18nKey('Reminders'),
  history: i18nKey('History'),
};

/** No feature reachable: where the dialog starts. */
export function noAccess(): AccessByFeature {
  return Object.fromEntries(API_TOKEN_FEATURES.map((f) => [f, 'none'])) as AccessByFeature;
}

/**
 * The scopes to ask for: `<feature>:read` for read, `<feature>:write` alone for read and write
 * (write includes read on the server), nothing for no access; in the features' order.
 */
export function scopesFor(access: AccessByFeature): ApiTokenScope[] {
  return API_TOKEN_FEATURES.flatMap((feature): ApiTokenScope[] => {
    const level = access[feature];
    return level === 'none' ? [] : [`${feature}:${level}`];
  });
}

/** Each feature's access that a token's `scopes` give (write wins over read; unknown scopes are left out). */
export function accessOf(scopes: readonly string[]): AccessByFeature {
  const access = noAccess();
  for (const feature of API_TOKEN_FEATURES) {
    if (scopes.includes(`${feature}:write`)) access[feature] = 'write';
    else if (scopes.includes(`${feature}:read`)) access[feature] = 'read';
  }
  return access;
}

/**
 * A token's scopes in words, one phrase per feature it reaches, in the interface language:
 * ["Contacts: read and write", "Labels: read"].
 */
export function scopePhrases(scopes: readonly string[]): string[] {
  const access = accessOf(scopes);
  return API_TOKEN_FEATURES.flatMap((feature) => {
    const feature_ = i18n.t(FEATURE_NAMES[feature]);
    if (access[feature] === 'write')
      return [i18n.t('{{feature}}: read and write', { feature: feature_ })];
    if (access[feature] === 'read') return [i18n.t('{{feature}}: read', { feature: feature_ })];
    return [];
  });
}
