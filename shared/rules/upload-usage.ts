/** The usage bar (account document, section 9): currentMonthUploads over monthlyPhotoUploadLimit, capped at 100%. */
export const uploadUsagePercent = (used: number, limit: number): number =>
  limit <= 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
