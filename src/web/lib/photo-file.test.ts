import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#domain/profile/profile-api';
import { photoFileProblem } from './photo-file';

describe('photoFileProblem', () => {
  it('accepts images up to 10MB', () => {
    expect(photoFileProblem({ size: 1234, type: 'image/jpeg' })).toBeNull();
    expect(photoFileProblem({ size: MAX_UPLOAD_BYTES, type: 'image/png' })).toBeNull();
  });

  it('refuses files over 10MB', () => {
    expect(photoFileProblem({ size: MAX_UPLOAD_BYTES + 1, type: 'image/jpeg' })).toBe('tooLarge');
  });

  it('refuses files that are not images, or of unknown type', () => {
    expect(photoFileProblem({ size: 10, type: 'text/plain' })).toBe('notImage');
    expect(photoFileProblem({ size: 10, type: 'application/pdf' })).toBe('notImage');
    expect(photoFileProblem({ size: 10, type: '' })).toBe('notImage');
  });
});
