// The drawing of each icon (components/ui/icons.tsx draws them). Free of React.
export const iconPaths = {
  menu: '<path d="M4 7h16M4 12h16M4 17h16"></path>',
  mapPin:
    '<path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21z"></path><circle cx="12" cy="9.5" r="2.5"></circle>',
  star: '<path d="M12 2.8l2.8 5.8 6.3.8-4.6 4.4 1.2 6.3L12 17l-5.7 3.1 1.2-6.3-4.6-4.4 6.3-.8z"></path>',
  calendar: '<rect x="3.5" y="5" width="17" height="15.5" rx="2.5"></rect><path d="M3.5 10h17M8 3v4M16 3v4"></path>',
  arrowRight: '<path d="M5 12h14M13 6l6 6-6 6"></path>',
  eye: '<path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z"></path><circle cx="12" cy="12" r="3"></circle>',
  phone:
    '<path d="M5 3.5h3.5l1.8 4.5-2.3 1.4a11 11 0 0 0 5.6 5.6l1.4-2.3 4.5 1.8V18a2.5 2.5 0 0 1-2.7 2.5A16.5 16.5 0 0 1 2.5 6.2 2.5 2.5 0 0 1 5 3.5z"></path>',
  whatsApp:
    '<path d="M3.5 20.5l1.3-4.2A8.5 8.5 0 1 1 8 19.4z"></path><path d="M9 8.6c.2-.5.5-.6.9-.6h.4l1 2.2-.7.9c.5 1 1.3 1.8 2.3 2.3l.9-.7 2.2 1v.4c0 .4-.1.7-.6.9-1 .5-2.5.3-4.2-1s-2.7-3-2.5-4.1c0-.4.1-.8.3-1.3z" fill="currentColor" stroke="none"></path>',
};
