// The blank score sheet's print button (the page itself is made to be printed).
document.getElementById("print")?.addEventListener("click", () => window.print());
