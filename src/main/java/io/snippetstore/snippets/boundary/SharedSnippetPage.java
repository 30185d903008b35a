package io.snippetstore.snippets.boundary;

import java.io.IOException;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Serves the read-only page of a share link, {@code /s/<secret>} (the static page itself is
 * {@code shared.html}, which reads the snippet from {@code /api/v1/shared/<secret>}).
 */
@WebServlet("/s/*")
public class SharedSnippetPage extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        response.setHeader("Cache-Control", "no-store");
        request.getRequestDispatcher("/shared.html").forward(request, response);
    }
}
