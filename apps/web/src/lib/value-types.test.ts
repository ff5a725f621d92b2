import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from './i18n';
import { typeName } from './value-types';

const name = (type: string) => typeName(type, i18n.t);

describe('typeName: a type as a person reads it', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('names the TYPE values of RFC 6350 and RFC 2426 in words', () => {
    expect(name('cell')).toBe('Mobile');
    expect(name('home')).toBe('Home');
    expect(name('msg')).toBe('Message');
    expect(name('spouse')).toBe('Spouse');
    expect(name('co-worker')).toBe('Co-worker');
    expect(name('anniversary')).toBe('Anniversary');
  });

  it('reads a place and a phone kind as one phrase, in either order', () => {
    expect(name('work,fax')).toBe('Work Fax');
    expect(name('fax,work')).toBe('Work Fax');
    expect(name('home,cell')).toBe('Home Mobile');
  });

  it('lists other known values with the place first', () => {
    expect(name('work,postal')).toBe('Work, postal');
    expect(name('msg,work')).toBe('Work, message');
    expect(name('work,postal,parcel')).toBe('Work, postal, parcel');
    expect(name('work,cell,video,text')).toBe('Work, mobile, video, text');
  });

  it('shows an x- value without its x-, and anything unknown as written, in its order', () => {
    expect(name('x-aunt')).toBe('aunt');
    expect(name('fax,x-aunt')).toBe('Fax, aunt');
    expect(name('co-worker,crush')).toBe('Co-worker, crush');
    expect(name('Boat')).toBe('Boat');
    expect(name('home2')).toBe('home2');
    expect(name('@work')).toBe('@work');
  });

  it('reads the spellings phones and Google write (any case, `_` or `-`)', () => {
    expect(name('HomePage')).toBe('Home page');
    expect(name('PROFILE')).toBe('Profile');
    expect(name('DOMESTIC_PARTNER')).toBe('Domestic partner');
    expect(name('REFERRED_BY')).toBe('Referred by');
    expect(name('GRAND_CENTRAL')).toBe('Google Voice');
    expect(name('Spouse')).toBe('Spouse');
  });

  it('leaves out pref, and the default voice or internet beside another value', () => {
    expect(name('pref')).toBe('');
    expect(name('')).toBe('');
    expect(name('home,pref')).toBe('Home');
    expect(name('work,voice')).toBe('Work');
    expect(name('internet,home')).toBe('Home');
    expect(name('voice')).toBe('Voice');
  });

  it('speaks Spanish on the Spanish interface, with a person’s own label as written', async () => {
    await i18n.changeLanguage('es');
    expect(name('cell')).toBe('Móvil');
    expect(name('work,fax')).toBe('Fax del trabajo');
    expect(name('home,fax')).toBe('Fax de casa');
    expect(name('work,postal')).toBe('Trabajo, postal');
    expect(name('msg,work')).toBe('Trabajo, mensaje');
    expect(name('fax,x-aunt')).toBe('Fax, aunt');
    expect(name('spouse')).toBe('Cónyuge');
    expect(name('Boat')).toBe('Boat');
  });
});
