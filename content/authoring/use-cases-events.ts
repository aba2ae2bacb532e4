/** Use cases (/use-cases/{slug}) and events (/events/{slug}): content pages of the spec's section 2. */
export interface UseCaseSource {
  slug: string;
  title: string;
  description: string;
  body: string;
}
export interface EventSource extends UseCaseSource {
  date: string;
}

export const USE_CASES: UseCaseSource[] = [
  {
    slug: 'dive-centres',
    title: 'Shutterlane for Dive Centres',
    description: 'Sell every dive’s photos before your customers leave the boat.',
    body: `Dive centres run on tight schedules and happy customers. Shutterlane fits into both.

## How dive centres use it

- The photographer uploads between dives, straight from a laptop or tablet on board.
- Each buddy pair gets an order with their own photos and a QR code to scan at the debrief.
- Divers pay by card on their phone and download immediately — no accounts, no cash box.

## Why it works

Photos sell best while the dive is still being talked about. With orders ready before the boat docks, more divers buy, and the centre earns from every trip without extra staff.`,
  },
  {
    slug: 'event-photographers',
    title: 'Shutterlane for Event Photographers',
    description: 'Deliver to hundreds of attendees without a shared drive.',
    body: `Conferences, galas and festivals produce thousands of photos and hundreds of people who want a few of them.

## How event photographers use it

- Upload through the day and create orders per attendee, per team or per session.
- Give organisers a free order with the complete set for press and social media.
- Offer attendees their headshots and candid shots at a fixed price.

## Why it works

Attendees get their photos while they are still at the event and can share them with the event hashtag, and the organiser never has to manage a download folder.`,
  },
  {
    slug: 'tour-operators',
    title: 'Shutterlane for Tour Operators',
    description: 'Turn every tour into a souvenir sale, with photos delivered on the way home.',
    body: `Boat tours, city walks and adventure trips all end the same way: a group of happy people who would love a photo of the day.

## How tour operators use it

- A guide or photographer uploads during the trip and creates an order for each booking.
- A QR sign at the exit or on board lets passengers open their order on their phone.
- Orders stay available for 30 days, so guests can buy later from home.

## Why it works

No printing, no queues and no cash: photo sales become part of every tour without slowing it down.`,
  },
];

export const EVENTS: EventSource[] = [
  {
    slug: 'photo-business-summit-2026',
    title: 'Photo Business Summit 2026',
    date: '2026-11-18',
    description:
      'Meet the Shutterlane team and learn how photographers are selling more with same-day delivery.',
    body: `Join us at the Photo Business Summit for a session on same-day photo delivery, with real examples from dive centres, tour operators and wedding photographers.

## In the session

- How to deliver photos before customers leave
- Pricing sets, previews and free orders
- Setting up card payments in an afternoon

Stop by our table after the session for a walkthrough of the product and a seller invitation code.`,
  },
  {
    slug: 'dive-industry-meetup-2027',
    title: 'Dive Industry Meetup 2027',
    date: '2027-02-10',
    description:
      'A hands-on morning for dive photographers and centre managers on selling photos from the boat.',
    body: `A practical morning for dive professionals who want to sell more underwater photos.

## What we will cover

1. A live upload and order from a dive laptop over a mobile connection
2. Printing QR signs that survive salt water and sunshine
3. Questions from dive centres already selling with Shutterlane

Places are limited; ask for an invitation through the [support centre](/support).`,
  },
];
