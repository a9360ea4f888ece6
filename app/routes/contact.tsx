import { ContactForm } from "~/components/forms/contact-form";
import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta({
    title: "Contact Us",
    description: "Call, e-mail or send us a message; we reply within 24 hours.",
  });
}

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight">Get in Touch</h1>
      <section id="contact-form" className="mt-12">
        <ContactForm />
      </section>
    </div>
  );
}
