/**
 * What a screen shows for a failed call: the API's own message when the server answered with one (its
 * texts are the spec's), or the screen's fallback when the call got no answer it could read.
 */
import { ApiError } from './api-client';

export const errorMessage = (failure: unknown, fallback: string): string =>
  failure instanceof ApiError ? failure.message : fallback;
