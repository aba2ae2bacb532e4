/**
 * More insights posts (at least 12 published, so the list has two pages of 9). Same plain-text
 * form as posts.ts; `![alt](artwork)` on a line of its own places an inline image.
 */
import type { PostSource } from './blog';

export const MORE_POSTS: PostSource[] = [
  {
    slug: 'how-getting-paid-works',
    title: 'How Getting Paid Works: From Checkout to Payout',
    excerpt:
      'What happens between a customer tapping Pay and the money reaching your bank: commission, fees, verification and the 28-day payout schedule.',
    publishedAt: '2026-11-18T09:00:00Z',
    author: 'tom-lindqvist',
    categories: ['business', 'product-news'],
    image: 'payoutcoins',
    imageAlt: 'Stacked golden circles on a deep green background',
    body: `Selling photos should feel as simple for you as it does for your customer. They open a link, pay by card and download. Behind that, a few things happen that every seller should understand before the first busy weekend.

## Connect your payment account once

Shutterlane takes card payments through a connected Stripe account in your name. Setting it up from your dashboard takes about **5–10 minutes**: your business details, a bank account for payouts and a quick identity check.

Verification is usually instant. When Stripe needs to look at a document it can take up to **1–2 business days**. You can keep using Shutterlane while you wait — upload galleries, create orders, hand out free photos — but paid orders can only be taken once verification is complete. That is why we suggest connecting a week before your season starts, not on the morning of your first event.

![A customer's card payment flowing from checkout to the seller's account](payoutflow)

## What a sale costs you

There are two costs on every paid order, and nothing else:

- **5% commission** per successful transaction, taken as an application fee.
- **Payment-provider fees**, which depend on the customer's card and country.

Free orders carry no commission at all. A failed or cancelled payment costs you nothing either: commission only applies when a customer actually pays.

## When the money arrives

Payouts reach your bank **28 days after the customer's payment**. The delay protects both sides: it leaves room for the rare refund or card dispute before money leaves the platform. Once you have been selling for a month, payouts arrive as steadily as your sales do, and your dashboard shows what is on its way.

## Enterprise sellers

Studios and operators who already run their own standard Stripe account can connect it instead of creating a new one. Talk to us through the [support centre](/support) before you switch, so your existing payouts and reporting carry on undisturbed.

> Connect early, price clearly, and let the payouts take care of themselves.

For a step-by-step walkthrough with screenshots, read [how payments work](/how-payments-work).`,
  },
  {
    slug: 'original-or-optimized-upload-quality',
    title: 'Original or Optimized? Choosing Your Upload Quality',
    excerpt:
      'Every upload asks one question: original files or images optimized for phones and social media. Here is how to choose, shoot by shoot.',
    publishedAt: '2026-11-04T09:00:00Z',
    author: 'maya-okafor',
    categories: ['workflow'],
    image: 'qualitylayers',
    imageAlt: 'Translucent layers of blue and white stacked like film',
    body: `When you upload photos to a gallery, Shutterlane asks whether to keep them at **original quality** or to **optimize** them for phones and social media. It is a small choice with a big effect on how fast your day runs.

## What optimized means

Optimized photos are resized so the longest side suits a phone screen and a social feed, and saved at a quality that looks identical at that size. The files are a fraction of the original, so they upload quickly on a weak connection and download in seconds on the customer's side. For most customers, who will post their photo to a story within the hour, optimized is exactly what they want.

## When to keep the original

Originals keep every pixel your camera captured. Choose them when:

- the customer is likely to **print**: weddings, portraits, family sessions;
- you sell **premium sets** and want the files to justify the price;
- a client such as a venue or a brand will **crop or edit** the photos further.

## A simple rule of thumb

1. On location with patchy signal: upload **optimized** so orders are ready before customers leave.
2. Back at the studio with good broadband: upload **originals** for anyone who bought a full set.
3. Not sure? Ask the customer. "Is this for Instagram or for the wall?" is a question people are happy to answer.

## It is not either-or

Both qualities can live in the same gallery. Many of our dive centres upload optimized photos from the boat, so divers can buy before they land, and upload originals in the evening for the customers who want prints. Each order contains exactly the photos you choose for it.

> Speed sells on the day; quality sells for years. Good workflows use both.

Our [photo upload guide](/photo-upload-guide) walks through the four steps — transfer, create an event, choose a quality, select your photos — with screenshots from the app.`,
  },
  {
    slug: 'boat-tour-photo-sales',
    title: 'Boat Tours: Turning Every Departure into Photo Sales',
    excerpt:
      'Guests on a boat tour have time, a view and nowhere to be. A crew member with a camera and a QR code can turn that into a steady second income.',
    publishedAt: '2026-10-28T09:00:00Z',
    author: 'tom-lindqvist',
    categories: ['industry', 'business'],
    image: 'boatwake',
    imageAlt: 'A bright wake trailing across turquoise water',
    body: `A boat tour is one of the best settings there is for selling photos. Guests are relaxed, the scenery changes every few minutes and, for two or three hours, everyone is in the same place. All that is missing is a way to hand photos over before people step back onto the quay.

## Make one crew member the photographer

You do not need a professional on every trip. A crew member with a good camera, a short brief and a list of shots that always sell will cover most departures:

- the whole group at the bow as the boat leaves the harbour;
- each family or couple against the best backdrop of the route;
- the moment everyone sees dolphins, the cliffs or the sunset.

## Deliver on the way back

The return leg is your shop. Upload during the quiet stretch, create one order per group and walk round with the tablet showing each group's QR code. Guests scan, see their photos straight away and pay by card without creating an account. By the time the boat is tied up, most sales are done.

## Price for groups

People on a boat tour travel together, so sell to the group. A single price for "all of your group's photos from today" is easy to understand and easy to split. Add a free photo of the whole boat for every guest: it gets shared, it tags your tour and it brings in the next booking.

## Keep the numbers honest

Your dashboard shows orders, photos and sales for every departure. After a few weeks, patterns appear: sunset trips sell better than morning trips, groups of four buy more than couples. Use them to decide where your photographer's time goes.

> Every departure is a new audience. Treat the camera like the bar: open on every trip.

Read how other operators do it on our [tour operators use case](/use-cases/tour-operators), or ask us anything from the [support centre](/support).`,
  },
  {
    slug: 'corporate-event-photo-delivery',
    title: 'Corporate Events: Delivering Photos Attendees Actually Use',
    excerpt:
      'Conference photos usually end up in a shared folder nobody opens. Deliver them to each attendee instead, while the event is still on their feed.',
    publishedAt: '2026-03-26T09:00:00Z',
    author: 'maya-okafor',
    categories: ['industry', 'workflow'],
    image: 'stagelights',
    imageAlt: 'Beams of stage light fanning out over a dark hall',
    body: `Most corporate event photos end up in a shared drive that a handful of people open. The speakers never find their portrait, attendees never find themselves, and the organiser wonders what the photography budget bought. It does not have to be that way.

## Agree the deliverables up front

Before the event, agree with the organiser who gets what:

1. **The organiser** receives the full gallery as one free order, at original quality.
2. **Speakers** receive their own stage and portrait shots the same afternoon.
3. **Attendees** receive photos of themselves, free or paid, as the organiser prefers.

Written down, this list saves an awkward conversation after the event and makes your quote easy to compare.

## Speakers first

Speakers want their photo while they are still posting about their talk. Create each speaker's order during the coffee break after their session and send the link to the event team, who pass it on. It costs you five minutes and it is the photo most likely to be seen by thousands of people.

## Let attendees find themselves

At a conference, a QR code on the registration desk or on the closing slide works better than any email. Create orders by session, by team or by table at the awards dinner, and let people scan the one that matches. No account, no app, no password to forget.

## After the event

- Send the organiser a short summary: photos delivered, orders opened, photos downloaded.
- Offer next year's date while the numbers are fresh.
- Keep the gallery: the orders stay available for 30 days, which covers the follow-up newsletter.

> A photo that is never downloaded was never delivered.

The same approach works for product launches, away days and trade stands. Our [support centre](/support) has answers on sharing orders with a team.`,
  },
  {
    slug: 'customers-should-never-need-an-account',
    title: 'Why Your Customers Should Never Need an Account',
    excerpt:
      'Every sign-up form between a customer and their photos costs you sales. How Shutterlane delivers and takes payment with nothing but a link.',
    publishedAt: '2026-02-25T09:00:00Z',
    author: 'tom-lindqvist',
    categories: ['business', 'product-news'],
    image: 'openlink',
    imageAlt: 'Two interlocking rings of light on a violet background',
    body: `Think about the last time you were asked to create an account just to buy something small. Perhaps you did it; more likely you closed the tab. Your customers feel the same about their photos, and they feel it at the worst possible moment: right after a great experience, on a phone, often in the sun.

## The cost of a sign-up form

Each extra step between a customer and their photos loses some of them. A form asking for a name, an email, a password and a confirmation click is four steps. By the time the confirmation email arrives, the customer is on the bus home and the moment has passed.

## What customers do instead

With Shutterlane a customer:

- scans the order's QR code or opens its link;
- sees their photos straight away;
- pays by card if the order is not free, on a secure checkout page;
- downloads single photos or the whole set as a ZIP.

That is all. Free orders ask for nothing more than an email address, so the customer has the link in their inbox for later.

## Is a link secure enough?

Order links are long and random, so they cannot be guessed, and each order only contains the photos you added to it. A customer can forward the link to a friend in the photo, which is usually exactly what you want. Orders stay available for 30 days, then expire.

## Accounts are for sellers

You and your team sign in, because you manage galleries, orders and payouts. Your customers never need to. That split keeps your tools secure and your customers' path short.

> The best checkout is the one nobody notices.

Curious how it looks from the customer's side? Create a free order with one of your own photos and open it on your phone. Questions are welcome in the [support centre](/support).`,
  },
];
