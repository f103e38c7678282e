/** The page of one inspection: its time, the seller's answer, and the report (written there by the expert). */
export function inspectionPath(id: number): string {
  return `/inspection/${id}`;
}

/** The repair finder near a listing's district, for an inspection of that listing. */
export function inspectionFinderPath(listing: { id: number; latitude: number; longitude: number }): string {
  const params = new URLSearchParams({
    lat: String(listing.latitude),
    lng: String(listing.longitude),
    listing: String(listing.id),
  });
  return `/meeting/repair/search?${params.toString()}`;
}
