/** The four legal pages, read by fixed slug (spec section 2). Plain-text form of portable-text.ts. */
export interface PageSource {
  slug: string;
  title: string;
  metaDescription: string;
  lastUpdated: string;
  body: string;
}

const contact = 'Questions about this page? Write to us through the [support centre](/support).';

export const LEGAL_PAGES: PageSource[] = [
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    metaDescription:
      'What personal data Shutterlane collects, why, how long we keep it and the rights you have.',
    lastUpdated: '2026-11-30',
    body: `Shutterlane helps photographers deliver and sell photos to their customers. This policy explains what personal data we handle when you use the service as a photographer (a **seller**) or as someone receiving photos (a **customer**), why we handle it, and the choices you have.

## What we collect

- **Seller accounts:** your name, email address, password (stored only as a secure hash by our identity provider), business details you choose to add, and the invitation code you signed up with.
- **Photos and orders:** the photos you upload, the galleries and orders you create, and the prices you set.
- **Customers:** the email address entered at checkout, the order opened, and whether the receipt and download email was delivered.
- **Payments:** payments are processed by Stripe. We receive confirmation that a payment succeeded and its amount; we never see or store full card numbers.
- **Usage data:** pages visited and basic device information, collected through analytics only if you accept analytics cookies.
- **Face data in public galleries:** when a seller switches on **Find my photos** for a public gallery, we compute a face descriptor (a list of 128 numbers describing a face, from which the photo cannot be rebuilt) for each face in that gallery's photos. The seller confirms the basis for this, such as the event's terms, and we record it. A customer's selfie never leaves their device: only its descriptor is sent, used for that one search and not kept.
- **People hidden from a public gallery:** a seller can hide a person from a public gallery, for example when a parent asks or a school lists the children without photo consent. The seller's browser describes the person's face from a reference photo; only that descriptor and a label the seller chooses are sent to us, never the reference photo. Photos in which the face matches are withheld from customers until the seller reviews them.
- **What customers did, as counts only:** for each order link and each public gallery we count how many times it was opened, how many photos were viewed, how many downloads (single photos and ZIP) and selfie searches there were, and how many picks and payments, so the seller can see how their photos are received. These are totals and nothing more: no cookie and nothing else is stored on your device for them, and no identifier, IP address or other detail of who did what is kept with them, so they cannot tell one customer from another.

## Why we use it

- To provide the service: storing photos, creating orders, taking payments and sending download links.
- To keep the service safe: a human check (reCAPTCHA) protects order pages and sign-up from automated abuse.
- To run our business: billing sellers for their plan, meeting tax and accounting duties, answering support requests.
- To improve the product, using analytics only when you have agreed to it.

## How long we keep it

Orders stay available to customers for 30 days. Seller galleries stay until the seller deletes them or closes the account. Face descriptors of a public gallery are kept only while its face search is on: they are deleted when the seller switches the search off, deletes the photo or the gallery, or within two days of the gallery's end date. The descriptor of a person hidden from a public gallery is kept only as long as that gallery: it is deleted when the seller stops hiding the person or deletes the gallery or the account. Payment records are kept for as long as tax law requires. Support conversations are kept for two years.

## Who we share it with

We use carefully chosen processors: Amazon Web Services for hosting and storage, Stripe for payments, Google reCAPTCHA for abuse protection and, with your consent, analytics and advertising measurement providers. Each processes data only on our instructions or under its own privacy terms for payments.

## Your rights

You can ask for a copy of your data, its correction or deletion, object to processing or ask us to restrict it, and complain to your data protection authority. Cookie choices can be changed at any time with **Change Cookie Preferences** in the footer.

${contact}`,
  },
  {
    slug: 'terms',
    title: 'Terms of Service',
    metaDescription: 'The agreement between Shutterlane and the photographers and customers who use it.',
    lastUpdated: '2026-09-01',
    body: `These terms apply to everyone who uses Shutterlane: photographers who sell or deliver photos (**sellers**) and the people who receive them (**customers**). By using the service you agree to them.

## The service

Shutterlane lets sellers upload photos, create orders for their customers and share each order by link or QR code. Customers open the link, pay if the order has a price, and download their photos for 30 days.

## Seller accounts

- Accounts are opened with an invitation code. You must give accurate details and keep your password safe.
- You are responsible for everything done with your account, including by members of your team.
- Paid orders need an active plan and a verified Stripe account in your name.

## Your photos

You keep all rights to your photos. You give us only the permission we need to store, process and deliver them to the customers you choose. You confirm that you have the right to sell every photo you upload and, where needed, the consent of the people in them.

## Payments and fees

Customers pay the seller through Stripe. A commission of 5% of each paid transaction is deducted, in addition to Stripe's own processing fees. Plans are billed in advance and renew until cancelled. Payouts follow Stripe's schedule.

## Acceptable use

Use of the service must follow our [Acceptable Use Policy](/acceptable-use-policy). We may suspend an account that breaks it.

## Availability and liability

We work hard to keep Shutterlane available and your photos safe, but the service is provided as it is. Keep your own copies of your originals. To the extent the law allows, our liability for any claim is limited to the fees you paid us in the twelve months before it.

## Changes

We may update these terms. We will tell sellers by email at least 30 days before a change that affects them takes effect.

${contact}`,
  },
  {
    slug: 'cancellation-refund',
    title: 'Cancellation and Refund Policy',
    metaDescription: 'How plan cancellations and refunds for photo purchases work on Shutterlane.',
    lastUpdated: '2026-11-29',
    body: `## For customers buying photos

Photos are digital goods, delivered the moment payment succeeds. Because they can be downloaded straight away, purchases are normally final once the gallery has opened.

We will always put things right when something went wrong:

- **Wrong or missing photos:** contact the photographer or our support and we will arrange the correct photos or a refund.
- **Charged twice:** an order is paid once; a second payment for the same order is refunded in full automatically. If you see one that was not, send us the order ID and we will refund it.
- **Could not download:** if the link never worked, we will fix access or refund you.

Refunds go back to the card used, usually within 5–10 business days depending on your bank. Once an order is refunded in full, or its payment is disputed with your bank, its photos are no longer available to download.

## For sellers on a plan

- You can cancel your plan at any time from the billing portal linked in your dashboard.
- Cancelling stops the next renewal. Your plan stays active until the end of the period already paid; we do not refund part-periods.
- Orders you created stay available to your customers until they expire.
- Refunds of your sales are made from your Stripe account and come out of your Stripe balance. Stripe keeps its card fee on a refunded payment, and our 5% commission stays charged, except on duplicate payments we refund automatically, where our commission is returned with the refund.
- Disputes you lose come out of your Stripe balance too: the amount disputed and Stripe's dispute fee. If a refund or a dispute takes more than your balance holds, your Stripe balance goes negative and Stripe recovers it from your next sales or your payout bank account; Shutterlane does not cover it. To answer a dispute, send your evidence to our support and we submit it to Stripe for you.

## How to ask

Contact us through the [support centre](/support) with the order ID or the email address of your account. We answer every request within two business days.`,
  },
  {
    slug: 'acceptable-use-policy',
    title: 'Acceptable Use Policy',
    metaDescription: 'What may and may not be uploaded, sold or shared through Shutterlane.',
    lastUpdated: '2026-09-01',
    body: `Shutterlane exists so photographers can deliver their work and get paid for it. To keep it safe and trusted for everyone, you agree not to use it for the following.

## Content you may not upload or sell

- Photos you do not own or have no right to sell.
- Images of people taken or shared without the consent the law requires, especially in private settings.
- Any sexual content involving minors, which we report to the authorities.
- Content that promotes violence, harassment or hatred against people or groups.
- Malware, or files disguised as photos.

## Behaviour we do not allow

- Using orders to collect payments for anything other than the photos delivered.
- Attempting to access other sellers' galleries, orders or accounts.
- Automated scraping, load testing or attempts to bypass the human check or download limits.
- Sharing invitation codes for sale or opening accounts in someone else's name.

## What happens if the policy is broken

We may remove content, hold payouts while we investigate, suspend or close the account, and cooperate with law enforcement where required. We tell the seller what we did and why, unless the law prevents us.

## Reporting a problem

If you see something on Shutterlane that breaks this policy, tell us through the [support centre](/support) with the order link. Reports are read by a person, and we act on urgent reports the same day.`,
  },
];

/**
 * A revision of the terms prepared in the content store but not yet published: same slug as the live
 * page, so the site's "published == true" filter is what keeps it off /terms (the end-to-end test
 * checks that its title never shows).
 */
export const UNPUBLISHED_PAGES: (PageSource & { id: string })[] = [
  {
    id: 'page-terms-next-revision',
    slug: 'terms',
    title: 'Terms of Service (next revision, not yet in force)',
    metaDescription: 'A revision of the Terms of Service under review.',
    lastUpdated: '2027-01-15',
    body: `This revision of our terms is still being reviewed and is not in force.

## What changes

- Clearer wording on team accounts and who may act for a business.
- Payout timing described per country.

${contact}`,
  },
];
