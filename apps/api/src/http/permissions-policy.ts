import type { secureHeaders } from 'hono/secure-headers';

type PermissionsPolicy = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>['permissionsPolicy']>;

/**
 * The browser features no page of the app (nor a frame inside one) may use: the app uses none of them.
 * Its copy buttons write to the clipboard, which is left at the browser's default (this origin only);
 * payments go to Stripe's own pages, never through the Payment Request API. Every name here is one
 * Chromium knows: an unknown one is reported as an error on the console of every page (Chromium on
 * Linux knows neither `bluetooth` nor `web-share`); the browser journeys check it.
 */
export const PERMISSIONS_POLICY: PermissionsPolicy = {
  accelerometer: [],
  autoplay: [],
  browsingTopics: [],
  camera: [],
  displayCapture: [],
  encryptedMedia: [],
  fullscreen: [],
  geolocation: [],
  gyroscope: [],
  hid: [],
  identityCredentialsGet: [],
  idleDetection: [],
  localFonts: [],
  magnetometer: [],
  microphone: [],
  midi: [],
  otpCredentials: [],
  payment: [],
  pictureInPicture: [],
  publickeyCredentialsGet: [],
  screenWakeLock: [],
  serial: [],
  usb: [],
  windowManagement: [],
  xrSpatialTracking: [],
};
