/** The "Send Us a Message" enquiry form. Placeholder until lead capture lands. */
export function ContactForm() {
  return (
    <div>
      <h2 className="text-2xl font-bold text-navy-900">Send Us a Message</h2>
    </div>
  );
}
