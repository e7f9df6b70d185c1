/** A phone number as a list shows it to someone who should recognise it, not copy it. */
export const maskPhone = (phone: string | null) =>
  phone && phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
