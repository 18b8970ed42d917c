import { describe, expect, it } from 'vitest';
import { asksForMoney } from './money-request';

describe('asksForMoney', () => {
  it.each([
    'Could you send it by Western Union?',
    'My cousin uses westernunion, quicker',
    'Please send me $500 for the visa',
    'can you lend me some money until Friday',
    'I need money for the ticket to come see you',
    'Buy me two iTunes cards and send the codes',
    'a Google Play gift card would help',
    'Just Zelle it to me',
    'I only accept Bitcoin',
    'send USDT to this wallet',
    'Here are my bank details',
    'my account number is 123',
    'do a wire transfer today',
    'IBAN ES91 2100 0418 4502 0005 1332',
    'Hazme una transferencia por favor',
    'Envíame dinero para el pasaje',
    'préstame algo de dinero',
    'necesito dinero urgente',
    'compra una tarjeta de regalo',
    'mándame plata por Western Union',
    'te paso mis datos bancarios',
    'deposítame en mi cuenta bancaria',
    'paga con criptomonedas',
    'hazme un bizum',
  ])('warns on %j', (text) => {
    expect(asksForMoney(text)).toBe(true);
  });

  it.each([
    'Hare Krishna! How was the festival?',
    'My family wants to meet yours next month',
    'I work in a bank as a teller',
    'We saved money for the temple roof',
    'Mi familia quiere conocer a la tuya',
    'Trabajo en un banco',
    'Let us meet at the temple with my parents',
    'The card game last night was fun',
    'I gave a gift to my sister',
    'ahorramos dinero para la boda del templo',
    'He transferred to another university',
  ])('stays quiet on %j', (text) => {
    expect(asksForMoney(text)).toBe(false);
  });
});
