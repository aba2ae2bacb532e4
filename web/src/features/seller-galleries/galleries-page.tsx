/** /galleries: the seller's galleries, newest first, 9 a page with "Load more"; create a new one. */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { sellerGalleryErrors } from '#shared/texts/errors';
import { formatDate } from '#shared/rules/dates';
import type { Gallery } from '#shared/schemas/gallery';
import { ErrorMessage } from '../../components/error-message';
import { TextField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import { Progress } from '../../components/progress';
import { UsageBar } from '../../components/usage-bar';
import '../../components/forms.css';
import '../../components/seller-tools.css';
import { ApiError, isNetworkFailure } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-store';
import { usePagedList, type Page } from '../../lib/paged-list';
import { useServices } from '../../lib/services';
import { useFormSubmit } from '../../lib/use-form-submit';
import { memberName, useTeamDirectory } from '../../lib/use-team-directory';
import { CreatorFilter } from '../../components/creator-filter';
import { roleAllows } from '#shared/rules/team-roles';
import { sellerGalleryTexts as texts } from './texts';
import { sellerCommonTexts } from '../../lib/texts/seller-common';
import { keepGalleryList, keptGalleryList, type KeptGallerySummary } from './upload/kept-gallery';

type Summary = Omit<Gallery, 'photos'>;

/** The list is read again this often while in view. */
const GALLERIES_REFRESH_MS = 15_000;

const galleriesError = (failure: unknown) =>
  failure instanceof ApiError
    ? sellerGalleryErrors.fetchGalleries(failure.statusText || failure.message)
    : sellerGalleryErrors.generic;

/** The list, and whether its latest read got no answer (offline, or the API out of reach). */
function useGalleryList(createdBy: string) {
  const { api } = useServices();
  const [noAnswer, setNoAnswer] = useState(false);
  const list = usePagedList({
    key: ['galleries', createdBy],
    fetchPage: async (nextToken?: string): Promise<Page<Summary>> => {
      try {
        const page = await api.listGalleries({
          ...(nextToken && { nextToken }),
          ...(createdBy && { createdBy }),
        });
        setNoAnswer(false);
        return { items: page.galleries, ...(page.nextToken && { nextToken: page.nextToken }) };
      } catch (error) {
        setNoAnswer(isNetworkFailure(error));
        throw error;
      }
    },
    errorOf: galleriesError,
    // Galleries made or filled on another device (the seller's phone) show without a reload.
    refresh: { everyMs: GALLERIES_REFRESH_MS, idOf: (gallery) => gallery.galleryId },
  });
  return { ...list, noAnswer };
}

function GalleryList({ galleries }: { galleries: readonly KeptGallerySummary[] }) {
  const team = useTeamDirectory();
  return (
    <ul className="gallery-list">
      {galleries.map((gallery) => (
        <li key={gallery.galleryId}>
          <Link to={`/galleries/${gallery.galleryId}`}>
            <strong>{gallery.albumName}</strong>
            <br />
            {texts.photoCount(gallery.photoCount)} · {texts.created(formatDate(gallery.createdAt))}
            {/* Galleries made before teams name no creator: the owner's. */}
            {team && ` · ${texts.createdBy(memberName(team, gallery.createdBy) ?? team[0]!.name)}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CreateGalleryForm() {
  const { api } = useServices();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const { busy, error, submit } = useFormSubmit({
    send: async () => {
      const gallery = await api.createGallery(undefined, { albumName: name });
      void navigate(`/galleries/${gallery.galleryId}`);
    },
    failure: sellerGalleryErrors.generic,
  });
  return (
    <form className="panel create-gallery" onSubmit={(e) => void submit(e)}>
      <h2>{texts.newGallery}</h2>
      <TextField label={texts.galleryName} value={name} onChange={setName} required maxLength={120} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? texts.creating : texts.create}
      </button>
      <ErrorMessage message={error} />
    </form>
  );
}

export function GalleriesPage() {
  const { user } = useAuth();
  const [createdBy, setCreatedBy] = useState('');
  const { items: galleries, nextToken, error, loadMore, noAnswer } = useGalleryList(createdBy);
  useEffect(() => {
    if (galleries) keepGalleryList(galleries);
  }, [galleries]);
  // Offline before the list came: the galleries this device last saw, each leading to its queue.
  const [kept] = useState(keptGalleryList);
  const offline = !galleries && noAnswer;
  return (
    <div>
      <PageHeading>{sellerCommonTexts.galleries}</PageHeading>
      {user && roleAllows(user.team.role, 'manager') && (
        <p>
          <Link to="/seller-orders">{sellerCommonTexts.orders}</Link>
        </p>
      )}
      {user && (
        <UsageBar
          used={user.entitlements.currentMonthUploads}
          limit={user.entitlements.monthlyPhotoUploadLimit}
        />
      )}
      <CreateGalleryForm />
      <CreatorFilter
        label={texts.createdByFilter}
        everyone={texts.everyone}
        value={createdBy}
        onChange={setCreatedBy}
      />
      {offline ? (
        <p role="status" className="notice">
          {texts.offlineGalleries}
        </p>
      ) : (
        <ErrorMessage message={error} />
      )}
      {!galleries && !error && <Progress label={sellerCommonTexts.loading} />}
      {galleries?.length === 0 && <p>{texts.noGalleries}</p>}
      {galleries && galleries.length > 0 && <GalleryList galleries={galleries} />}
      {offline && kept.length > 0 && <GalleryList galleries={kept} />}
      {nextToken && (
        <button type="button" className="button button-secondary" onClick={() => void loadMore()}>
          {sellerCommonTexts.loadMore}
        </button>
      )}
    </div>
  );
}
