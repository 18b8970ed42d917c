import type { Language } from '#domain/language/language';
import type { PushPayload } from './push-sender';

/**
 * The words of every push, in English and Spanish (like the mail templates, the server writes them: the service
 * worker shows them as they come). A push says who and where, never what was written: a lock screen is read by
 * whoever holds the phone.
 */
type PushTexts = {
  newMessage: (p: { firstName: string | null; senderId: string }) => PushPayload;
  introductionProposed: () => PushPayload;
  introductionMade: () => PushPayload;
};

export const pushTexts: Record<Language, PushTexts> = {
  en: {
    newMessage: ({ firstName, senderId }) => ({
      title: firstName ? `New message from ${firstName}` : 'New message on Sanga',
      body: 'Open Sanga to read and reply.',
      url: `/conversation/${senderId}`,
      tag: `conversation:${senderId}`,
    }),
    introductionProposed: () => ({
      title: 'A coordinator proposes an introduction',
      body: 'Open Sanga to see who it is and answer.',
      url: '/introductions',
      tag: 'introductions',
    }),
    introductionMade: () => ({
      title: 'Your introduction is confirmed',
      body: 'You can now write to each other on Sanga.',
      url: '/introductions',
      tag: 'introductions',
    }),
  },
  es: {
    newMessage: ({ firstName, senderId }) => ({
      title: firstName ? `Mensaje nuevo de ${firstName}` : 'Mensaje nuevo en Sanga',
      body: 'Abre Sanga para leerlo y responder.',
      url: `/conversation/${senderId}`,
      tag: `conversation:${senderId}`,
    }),
    introductionProposed: () => ({
      title: 'La coordinación te propone una presentación',
      body: 'Abre Sanga para ver de quién se trata y responder.',
      url: '/introductions',
      tag: 'introductions',
    }),
    introductionMade: () => ({
      title: 'Tu presentación está confirmada',
      body: 'Ya pueden escribirse en Sanga.',
      url: '/introductions',
      tag: 'introductions',
    }),
  },
};
