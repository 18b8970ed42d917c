import { describe, expect, it } from 'vitest';
import { sharesContactDetails } from './contact-details';

describe('sharesContactDetails: contact details wait for an introduction', () => {
  it.each([
    // Phone numbers: with a country code (any country), and national numbers of the US and Canada, Mexico and Spain.
    'Call me at 512-555-0147',
    'my number is (512) 555 0147',
    'text me at 512 555 0147 tonight',
    '+1 512 555 0147',
    'call 5125550147',
    '5 1 2 5 5 5 0 1 4 7',
    '+52 55 1234 5678',
    'mi cel: 55 1234 5678',
    'mi whatsapp es 5512345678',
    '+34 612 34 56 78',
    'llámame al 612 34 56 78',
    '+91 98765 43210',
    // Email addresses, written out too.
    'radha@gmail.com',
    'escríbeme a radha.devi@hotmail.es',
    'radha at gmail dot com',
    'mi correo es radha arroba gmail punto com',
    // Links.
    'visit www.radhadevi.net',
    'see radhadevi.com',
    'https://t.me/radha',
    't.me/radha',
    'wa.me/15125550147',
    'instagram.com/radha',
    // Handles.
    'follow me @radha_devi',
    'insta: radha.devi',
    'IG: radhadevi',
    'my snap is radhadevi',
    'my instagram is radha.devi',
    'mi insta es radha_d',
    'my telegram username is radha_devi',
    'Snapchat = radha99',
  ])('holds %j', (text) => {
    expect(sharesContactDetails(text)).toBe(true);
  });

  it.each([
    'Hare Krishna! How was the festival?',
    // Years, ages, heights, dates, counts, amounts.
    'I was born in 1990 and I am 34',
    'I am 5\'8" tall, 172 cm',
    'We married in 2015-2019',
    'my birthday is 1994-05-17',
    'born 17/05/1994',
    '17.05.1994',
    'I chant 16 rounds and follow 4 principles',
    '1,234,567 people',
    'about 180 cm and 75 kg',
    'I wake at 4:30',
    'I earn 45000 a year',
    'my zip is 78701',
    '10 000 devotees came',
    'tengo 2 hijos de 5 y 8 años',
    'Llegamos el 15 de agosto de 2025 a las 10:30',
    'from 1998 to 2004 and 2010 to 2016',
    'ISBN 978-3-16-148410-0',
    // A sentence missing its space is not a link.
    'I was tired.so I slept',
    'he said no.me too',
    'Vamos al templo.De acuerdo',
    'lo siento.es tarde',
    'I have a B.Sc. in physics',
    'Node.js is cool',
    // Talking about an app is not sharing a handle.
    'my instagram is private',
    'mi whatsapp es nuevo',
    'I love Instagram: it is fun',
    'I am on Instagram but rarely',
    'Do you use WhatsApp?',
    'meet @ the temple at 5',
  ])('lets %j through', (text) => {
    expect(sharesContactDetails(text)).toBe(false);
  });
});
